// Signals core
