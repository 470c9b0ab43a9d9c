// Conformance fixtures and their runner.
