# examples/ and inside/ are run by test_package.py in a fresh venv with the wheel, not here.
collect_ignore = ["examples", "inside"]
