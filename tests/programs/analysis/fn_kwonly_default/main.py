# Keyword-only parameters with function defaults, overridden by name.
def identity(x):
    return x


def upper(x):
    return x.upper()


def lower(x):
    return x.lower()


def transform(text, *, pre=identity, post=identity):
    return post(pre(text))


transform("Ab", post=upper)
