"""queens_sat.engines.logic"""
