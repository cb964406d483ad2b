# A plain function stored on an instance is called as it is (no self, not bound).
def on_event(payload):
    return payload


class Emitter:
    def __init__(self, callback):
        self.callback = callback

    def emit(self):
        return self.callback("data")


Emitter(on_event).emit()
