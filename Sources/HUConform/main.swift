print("hu-conform: not built yet")
