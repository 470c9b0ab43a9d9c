// The terminal front end of hu-sim.
