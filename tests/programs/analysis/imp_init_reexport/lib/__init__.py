from .parsing import parse
from .rendering import render as render

__all__ = ["parse", "render"]
