# Re-exports one function from each submodule.
from .parsing import parse
from .rendering import render as render

__all__ = ["parse", "render"]
