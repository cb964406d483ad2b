from origin import helper
