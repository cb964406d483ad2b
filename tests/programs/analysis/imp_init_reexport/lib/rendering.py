def render(value):
    return value


def parse(text):
    return text
