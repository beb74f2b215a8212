// SignalsTesting: placeholder until its issue lands.
