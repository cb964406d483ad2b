# Augmented assignments load and store the same local: each reads the store before it and kills it.
def total(n):
    s = 0
    s += n
    s += 1
    return s


total(2)
