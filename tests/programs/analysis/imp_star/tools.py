import os


def clean(s):
    return s.strip()


def _helper():
    return "private to tools"


LIMIT = 10
