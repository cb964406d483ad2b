def classify(n, items):
    if n < 0:
        kind = "negative"
    elif n == 0 or n is None:
        kind = "zero"
    else:
        kind = "positive" if n % 2 else "even"
    total = 0
    while n > 0:
        n -= 1
        if n == 3:
            continue
        if n == 7:
            break
        total += n
    else:
        total = -1
    for i, item in enumerate(items):
        if not item:
            break
    else:
        i = None
    assert total >= -1, "total went wrong"
    if (m := len(items)) > 2 and kind != "zero":
        total += m
    return kind, total, i, n not in items
