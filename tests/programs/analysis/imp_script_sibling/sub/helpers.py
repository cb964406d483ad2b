def prepare():
    return 1
