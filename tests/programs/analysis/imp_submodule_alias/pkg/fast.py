def go():
    return 1
