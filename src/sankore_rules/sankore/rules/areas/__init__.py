"""The four Area actions, one module each; each registers the step named after its discipline."""
