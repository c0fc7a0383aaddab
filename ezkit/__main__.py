"""`python -m ezkit` runs the command line."""

from ezkit.cli import main

if __name__ == "__main__":
    main()
