# A sibling of mod with a same-named function, never loaded by main.
def func():
    return "other"
