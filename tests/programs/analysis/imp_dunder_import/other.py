# A sibling with a same-named function that main never imports.
def run():
    return "other"
