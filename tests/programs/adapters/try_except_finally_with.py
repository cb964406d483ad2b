def t(a):
    try:
        with a as b:
            b(k=1)
    except E as e:
        pass
    finally:
        a()
