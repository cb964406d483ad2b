# The parse that lib re-exports.
def parse(text):
    return int(text)


BASE = 10
