# Imported as `import pkg.fast as f`.
def go():
    return 1


SPEED = "fast"
