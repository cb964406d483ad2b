# An import inside a function binds a local of that function.
def run():
    from plugins import activate
    import plugins as p
    return activate() + p.deactivate()


run()
