"""EZFudge characters: the model, the build checks, derived values, advancement."""
