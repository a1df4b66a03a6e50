#include "CFixture.h"

int cfixture_value(void) { return 1; }
