print("fixture writer")
