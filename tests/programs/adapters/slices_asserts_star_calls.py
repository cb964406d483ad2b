def h(s):
    assert s[1:2]
    return s[0], all(i for i in s)
def k():
    return f(*g)
