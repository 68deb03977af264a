"""Build: the pipeline top to bottom (load and check, compose, impose, render, export), its
outputs kept between builds by what they are drawn from, its cache, fingerprint, worker pool
and processes."""
