# Shared helpers of pkg, imported by pkg.sub.worker as `..common`.
def log(msg):
    return msg


PREFIX = "log:"
