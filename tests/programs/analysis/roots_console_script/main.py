"""An application: pyproject.toml names `main:cli` as a console script."""


def cli():
    return run()


def run():
    return 0


def unused():
    return helper()


def helper():
    return 1
