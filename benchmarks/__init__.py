"""Speed and robustness measurements that print figures (run each with `python -m benchmarks.<name>`)."""
