"""queens_sat.engines.regions"""
