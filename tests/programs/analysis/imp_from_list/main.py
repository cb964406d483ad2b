from shapes import square, circle, SIDES


def run():
    return square(SIDES) + circle(1)


run()
