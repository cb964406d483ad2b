__all__ = ["public", "_listed", "extra"]


def public():
    return "public"


def _listed():
    return "listed"


def fallback():
    return "api"


def extra():
    return "extra"
