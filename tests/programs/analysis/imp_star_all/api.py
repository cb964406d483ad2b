__all__ = ["public"]


def public():
    return "public"


def fallback():
    return "api"
