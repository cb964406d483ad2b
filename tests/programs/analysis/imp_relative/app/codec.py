def encode(text):
    return text.encode()


def decode(data):
    return data.decode()
