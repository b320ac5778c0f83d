def render(state, color=False): return ""
