"""The k-star search (Star Battle): its front (``counting``) and the pure-Python twin (``search_py``) of the compiled ``native/stars/``."""
