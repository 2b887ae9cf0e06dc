//! Counterfactual-regret minimization, generic over a game trait.
