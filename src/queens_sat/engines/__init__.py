"""queens_sat.engines"""
