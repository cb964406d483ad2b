def render(name, value):
    template = t"{name!r}: {value:>8}"
    return template.strings, template.interpolations
