"""The site where people play: models, services, selectors, views, consumers, tasks."""
