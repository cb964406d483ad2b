# A hook stored into another module's global is what that module's code calls.
import events


def on_save():
    return "saved"


events.hook = on_save
events.fire()
