"""Mercy decided by a vote: the vote, its ballots and the verdict that resumes the bout."""
