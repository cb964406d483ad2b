# A package whose modules import each other relatively.
APP_NAME = "app"


def describe():
    return APP_NAME
