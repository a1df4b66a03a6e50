import StoreScope
