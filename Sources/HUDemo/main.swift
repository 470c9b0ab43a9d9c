print("hu-demo: not built yet")
