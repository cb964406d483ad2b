def version():
    return 1
