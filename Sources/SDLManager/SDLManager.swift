// The manager library.
