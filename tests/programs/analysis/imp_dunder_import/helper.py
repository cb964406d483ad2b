# A sibling module main imports by calling __import__.
def run():
    return "helper"
