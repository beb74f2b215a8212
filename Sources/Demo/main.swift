print("Demo: not built yet")
