"""View models for printed documents: numbers from the rules code, ready for templates."""
