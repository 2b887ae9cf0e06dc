//! Truco rules engine: one state machine parameterized by a rule set.
