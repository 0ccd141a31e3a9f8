"""The k-star search (Star Battle): the reference twin of the compiled ``native/stars/``."""
