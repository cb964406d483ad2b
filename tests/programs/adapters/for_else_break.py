def f(x):
    for i in x:
        if i:
            break
    else:
        return 1
